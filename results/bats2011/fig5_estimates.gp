# fig5_estimates: Fig. 5: mu and sigma estimated by LR against the real bag's (minutes)
# botsim wrote this script and fig5_estimates.dat; to re-draw fig5_estimates.svg and fig5_estimates.png after an edit,
# run `gnuplot fig5_estimates.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig5_estimates.svg'
set title 'Fig. 5: mu and sigma estimated by LR against the real bag''s (minutes)'
set xlabel 'real (min)'
set ylabel 'LR estimate (min)'
set key outside right top vertical Left reverse
set yrange [0:16.19121945]
set grid
plot 'fig5_estimates.dat' index 0 using 1:2 with points lc rgb '#1f77b4' pt 6 ps 0.9 title 'mu', \
     'fig5_estimates.dat' index 1 using 1:2 with points lc rgb '#ff7f0e' pt 4 ps 0.9 title 'sigma', \
     x with lines lc rgb 'black' dt 2 lw 1.2 title 'y = x'
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig5_estimates.png'
replot
set output
