# fig7_normal_as_printed: Fig. 7, normal job: hosts and speedup per run
# botsim wrote this script and fig7_normal_as_printed.dat; to re-draw fig7_normal_as_printed.svg and fig7_normal_as_printed.png after an edit,
# run `gnuplot fig7_normal_as_printed.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig7_normal_as_printed.svg'
set title 'Fig. 7, normal job: hosts and speedup per run'
set xlabel 'allocated hosts'
set ylabel 'speedup'
set key outside right top vertical Left reverse
set yrange [0:13.49685898]
set grid
plot 'fig7_normal_as_printed.dat' index 0 using 1:2 with points lc rgb '#1f77b4' pt 6 ps 0.9 title 'conservative (0.5, 0.5)', \
     'fig7_normal_as_printed.dat' index 1 using 1:2 with points lc rgb '#ff7f0e' pt 4 ps 0.9 title 'aggressive (0.75, 0.75)'
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig7_normal_as_printed.png'
replot
set output
