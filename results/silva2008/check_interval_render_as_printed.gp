# check_interval_render_as_printed: Check interval: spread of the hosts allocated, render job
# botsim wrote this script and check_interval_render_as_printed.dat; to re-draw check_interval_render_as_printed.svg and check_interval_render_as_printed.png after an edit,
# run `gnuplot check_interval_render_as_printed.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'check_interval_render_as_printed.svg'
set title 'Check interval: spread of the hosts allocated, render job'
set xlabel 'creationRatio (increaseRatio 0.5)'
set ylabel 'hosts, standard deviation'
set key outside right top vertical Left reverse
set yrange [0:5.497880098]
set grid
plot 'check_interval_render_as_printed.dat' index 0 using 1:2 with linespoints lc rgb '#1f77b4' dt 1 lw 2.5 pt 6 ps 0.8 title 'checks every 1 min', \
     'check_interval_render_as_printed.dat' index 1 using 1:2 with linespoints lc rgb '#ff7f0e' dt 2 lw 1.75 pt 4 ps 0.8 title 'checks every 5 min', \
     'check_interval_render_as_printed.dat' index 2 using 1:2 with linespoints lc rgb '#2ca02c' dt 3 lw 1 pt 8 ps 0.8 title 'checks every 10 min'
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'check_interval_render_as_printed.png'
replot
set output
