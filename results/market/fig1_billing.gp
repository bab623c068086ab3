# fig1_billing: Fig. 1's bag (300 tasks of 5 min) on 1-30 hosts: cost by billing rule
# botsim wrote this script and fig1_billing.dat; to re-draw fig1_billing.svg and fig1_billing.png after an edit,
# run `gnuplot fig1_billing.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig1_billing.svg'
set title 'Fig. 1''s bag (300 tasks of 5 min) on 1-30 hosts: cost by billing rule'
set xlabel 'hosts rented'
set ylabel 'cost ($)'
set key below center horizontal Left reverse
set yrange [0:4.83]
set grid
plot 'fig1_billing.dat' index 0 using 1:2 with linespoints lc rgb '#1f77b4' dt 1 lw 2.5 pt 6 ps 0.8 title 'billed per started hour', \
     'fig1_billing.dat' index 1 using 1:2 with linespoints lc rgb '#ff7f0e' dt 2 lw 1 pt 4 ps 0.8 title 'billed per second (60 s minimum)'
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig1_billing.png'
replot
set output
